/**
 * The layout of a backup (docs/backup.md): one folder holding the database, the files store and the
 * audit-seal key, described by manifest.json. `npm run backup` writes it, `npm run restore` reads it.
 */
export const BACKUP_TOKEN_FILE = 'backup.token';
export const MANIFEST_FILE = 'manifest.json';
export const PGLITE_SNAPSHOT_FILE = 'pgdata.tar.gz';
export const PG_DUMP_FILE = 'database.dump';
export const FILES_FOLDER = 'files';
export const SEAL_KEY_FILE = 'audit-seal.key';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** The database's part of the backup: the data directory's tarball or pg_dump's custom-format dump. */
  database: typeof PGLITE_SNAPSHOT_FILE | typeof PG_DUMP_FILE;
  databaseBytes: number;
  files: number;
  filesBytes: number;
  sealKey: boolean;
  /** Whether the snapshot came from the running server (true) or from the data directory opened by the script. */
  online: boolean;
}
