import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db';
import type { Principal } from '../../core/permissions';
import { registerFileRoutes } from './routes';
import { createFileService, type FileService } from './service';
import { createFileStore } from './storage';

export type { FileAccessRule, FileRecord, FileService, FileVisibility, StoredFile } from './service';

export interface FileModuleDeps {
  db: Db;
  /** Where the bytes are kept (content-addressed); shared storage when several instances run. */
  filesDir: string;
  /** Who a token belongs to: a download opened in a new window carries its token in the query. */
  authenticateToken: (token: string) => Promise<Principal | null>;
}

/**
 * Files (spec §7 Upload and download). Registers the upload, download and details calls and
 * answers the file service other modules attach, publish and read their records' files through;
 * a module owning records registers who may read their attachments (`registerAccessRule`).
 */
export async function registerFileModule(app: FastifyInstance, deps: FileModuleDeps): Promise<FileService> {
  const files = createFileService({ db: deps.db, store: createFileStore(deps.filesDir) });
  await registerFileRoutes(app, { files, authenticateToken: deps.authenticateToken });
  return files;
}
