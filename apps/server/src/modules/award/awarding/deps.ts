import type { Db } from '../../../core/db';
import type { SerialService } from '../../base/serial/module';
import type { LastStretch } from '../declaration/module';
import type { EditionDirectory } from '../edition/module';
import type { PrizeDirectory } from '../prize/module';

/** The font certificates are set in: a Chinese font file; a collection (.ttc/.otc) needs the face's name. */
export interface CertificateFont {
  path: string;
  family?: string;
}

export interface AwardingDeps {
  db: Db;
  /** Beijing date (YYYY-MM-DD): closing waits for the result publicity's last day to have passed. */
  today: () => string;
  /** The declaration's side: which declarations stand where, their public fields, and the AWARD / NOT_AWARD moves. */
  declarations: LastStretch;
  editions: EditionDirectory;
  prizes: PrizeDirectory;
  /** Certificate numbers (rule AWARD_CERTIFICATE) are taken in the closing's transaction. */
  serials: Pick<SerialService, 'next'>;
  /**
   * The award list went to the portal, called once the closing has committed: the portal's caches
   * forget what they answered (the composition root wires it to the publicity module's cache).
   */
  published: (editionId: number) => Promise<void> | void;
  certificateFont: CertificateFont;
}
