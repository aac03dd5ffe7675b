export { SearchForm } from './SearchForm';
export type { SearchFormHandle, SearchFormProps } from './SearchForm';
export { dayEnd, dayStart, toSearchParams } from './searchValues';
export type { CustomField, DateField, DateRangeField, InputField, SearchField, SelectField } from './searchValues';
export { labelWidthOf, searchGridOf, SEARCH_CELL_MIN_WIDTH } from './searchLayout';
export type { SearchGrid } from './searchLayout';
