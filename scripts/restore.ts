// `npm run restore -- FILE`: a backup of the embedded database into the empty folder DATA_DIR names; the app then
// starts on it (docs/decisions/038-backups.md, README "Backups and restore").
import { ConfigError, loadBackupConfig } from '../server/config';
import { DataDirLockedError } from '../server/db/lock';
import { BackupError } from '../server/ops/backup-file';
import { restore } from '../server/ops/restore';

const say = (line: string) => process.stdout.write(`${line}\n`);
const args = process.argv.slice(2);

try {
  if (args.length !== 1 || args[0].startsWith('-')) {
    throw new BackupError('Usage: npm run restore -- FILE (a backup written by npm run backup), with DATA_DIR set to an empty folder.');
  }
  const config = loadBackupConfig();
  const result = await restore(args[0], config);
  say(`Restored ${args[0]} into ${result.databaseDir}.`);
  for (const note of result.notes) say(note);
  say(`Start the app with DATA_DIR=${config.dataDir}: it applies any migration newer than the backup.`);
  process.exit(0);
} catch (err) {
  console.error(err instanceof BackupError || err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
}
