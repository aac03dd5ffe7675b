export { ImportDialog, type ImportDialogProps, type ImportProblem } from './ImportDialog';
