// npm run db:restore -- <backup file>: puts a backup of the embedded database back in DATA_DIR/db.
// The server must be stopped; the database that was there is kept aside, never deleted.
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.ts';
import { NotABackupError, restoreBackup } from '../src/server/db/restore.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(
    'Usage: npm run db:restore -- <backup file>\n' +
      'Backups are in DATA_DIR/backups (ask for one in /admin → Backups). Stop the server first.',
  );
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  if (config.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: the data is in PostgreSQL, whose backups are restored with pg_restore, not with this command.',
    );
    process.exit(1);
  }
  const { database, previous } = await restoreBackup(config.DATA_DIR, file);
  console.log(`Restored ${file} into ${database}.`);
  console.log(
    previous
      ? `The database that was there is kept in ${previous}; delete it once you no longer need it.`
      : 'There was no database there before.',
  );
  console.log('Start the server (npm start) to serve the restored data.');
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`Cannot restore while the server runs: ${error.message}`);
  } else if (error instanceof ConfigError || error instanceof NotABackupError) {
    console.error(error.message);
  } else {
    throw error;
  }
  process.exit(1);
}
