export { DetailView } from './DetailView';
export type { DetailItem, DetailTab, DetailViewProps } from './DetailView';
export { auditItems, dateOf, dictTag, dateTimeOf, EMPTY_VALUE, filesOf, labelTag, multilineOf, richTextOf, statusTag, tagsOf, textOf, yesNo } from './values';
