import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

/** A page this build contains and the paths the seed opens it at (a shared form has three). */
export interface ConsolePage {
  paths: readonly string[];
  load: () => Promise<PageModule>;
}

/** The add/upd/detail paths of a shared form under `base` (spec §2: the three share one form). */
export const formPaths = (base: string, name: string) => ['Add', 'Upd', 'Detail'].map((mode) => `${base}/${name}${mode}`);
