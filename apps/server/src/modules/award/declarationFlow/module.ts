/**
 * What follows a declaration's moves (the process engine's instance, the applicant's messages). The
 * award module hands it to the declaration module as its `DeclarationEvents`.
 */
export { createDeclarationFlow, MY_DECLARATIONS_LINK, templateCodeOf, type DeclarationFlowDeps } from './flow';
