export { DisciplinePicker } from './DisciplinePicker';
export type { DisciplinePickerProps } from './DisciplinePicker';
export { disciplineLabel, disciplineLabels, disciplineTitle } from './disciplineLabel';
