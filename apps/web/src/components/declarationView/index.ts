export { DeclarationView, sectionsOf, type DeclarationViewProps } from './DeclarationView';
export { DeclarationHistory } from './DeclarationHistory';
export { RevocationDecisionModal, type RevocationDecisionModalProps } from './RevocationDecisionModal';
export { ReasonList } from './ReviewNotes';
export { declarationStatusTag } from './statusTag';
export { declarationKeys, fetchDeclaration, useDeclaration, type DeclarationDetail, type DeclarationStep } from './api';
