import { MESSAGE_CATEGORY_LABELS, type MessageCategory } from '@dandelion/shared/message/msg';

/** A message category's label; an unknown category shows as itself. */
export const categoryLabel = (category: string) => MESSAGE_CATEGORY_LABELS[category as MessageCategory] ?? category;
