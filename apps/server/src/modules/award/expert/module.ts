/**
 * The expert pool (专家库). Other features use only what this file exports: the directory (the
 * solver's facts, an expert by user, adding an expert).
 */
export { expertDirectory, type ExpertCard, type NewExpert } from './directory';
