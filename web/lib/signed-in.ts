import { meQueryOptions } from './me';
import { appQueryClient } from './query-client';

/** Whether someone is signed in, from the app's cache when it knows, else from the server; a failure reads as no. */
export async function isSignedIn(): Promise<boolean> {
  try {
    return !!(await appQueryClient().fetchQuery(meQueryOptions));
  } catch {
    return false;
  }
}
