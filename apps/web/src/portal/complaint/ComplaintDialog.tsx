import { Modal } from 'antd';
import { ComplaintForm } from './ComplaintForm';

/** 投诉建议 in a dialog (opened from the footer); it closes after a successful submission. */
export function ComplaintDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title="投诉建议" open={open} onCancel={onClose} footer={null} width={560} destroyOnHidden>
      <ComplaintForm onSubmitted={onClose} />
    </Modal>
  );
}

export default ComplaintDialog;
