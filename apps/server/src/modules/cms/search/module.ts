/**
 * Full-text search over CMS articles: the lexemes stored beside each article (content) and the
 * query and highlighting of the portal's search (portal) come from one place, bigrams.ts.
 */
export { containingQueryOf, highlight, plainTextOf, searchQueryOf, searchTextOf, type HighlightSegment } from './bigrams';
