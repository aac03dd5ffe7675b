import { publicityDirectory, type PublicityDirectory, type PublicityEntryWindow } from './directory';

export { publicityDirectory };
export type { PublicityDirectory, PublicityEntryWindow };
