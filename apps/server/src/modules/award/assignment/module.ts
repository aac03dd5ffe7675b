/**
 * Review groups and expert assignment (评审组, 专家推送). Other features use only what this file
 * exports: the directory of groups and assignments.
 */
export { assignmentDirectory, type AssignmentRow, type NewAssignment, type NewReviewGroup, type ReviewGroupRow } from './directory';
