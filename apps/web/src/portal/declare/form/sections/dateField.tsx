import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** The form holds 'YYYY-MM-DD' (the contract's form); the picker works with dayjs. */
export const isoDateProps = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

export function IsoDatePicker(props: { id?: string; value?: Dayjs | null; onChange?(value: Dayjs | null): void; disabled?: boolean; placeholder?: string }) {
  return <DatePicker {...props} style={{ width: '100%' }} />;
}
