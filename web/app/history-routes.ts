/**
 * The daily question and Memories, the couple's days and history, in one chunk by one import: the router's entries
 * are in every page's first script, and a chunk more cost /flow/1 its budget's last bytes.
 */
export { DailyRoute } from './daily-route';
export { MemoriesScreen } from '@/features/memories/memories';
