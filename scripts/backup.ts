// `npm run backup`: a backup of the embedded database, taken by the running app or, with none running, by this
// process; its path is the last line printed (docs/decisions/038-backups.md, README "Backups and restore").
import { ConfigError, loadBackupConfig } from '../server/config';
import { BackupError } from '../server/ops/backup-file';
import { backup } from '../server/ops/backup';

const say = (line: string) => process.stdout.write(`${line}\n`);

try {
  if (process.argv.length > 2) throw new BackupError('npm run backup takes no arguments: DATA_DIR, BACKUP_DIR and BACKUP_KEEP set what it does.');
  const config = loadBackupConfig();
  const started = performance.now();
  const result = await backup(config, { say });
  say(`Backup of ${config.dataDir} taken by ${result.takenBy}: ${(result.bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  for (const file of result.removed) say(`Removed the older backup ${file} (BACKUP_KEEP=${config.keep}).`);
  say(result.file);
  process.exit(0);
} catch (err) {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
