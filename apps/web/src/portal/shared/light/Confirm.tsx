import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { PortalButton } from './Button';
import './dialog.css';

export interface ConfirmOptions {
  title: string;
  content?: ReactNode;
  okText: string;
  cancelText?: string;
  danger?: boolean;
  /** May be async: the OK button shows it is busy until it settles, then the dialog closes. */
  onOk?: () => unknown;
  /** The cancel button or Escape (as antd's confirm: a second way on, not only a way back). */
  onCancel?: () => void;
}

const warningIcon = (
  <svg viewBox="64 64 896 896" width="22" height="22" fill="#faad14" aria-hidden focusable="false">
    <path d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z" />
  </svg>
);

/** The dialog itself: antd Modal.confirm's look (warning icon, title, text, 取消 and the action), Escape cancels. */
function ConfirmDialog({ options, onClose }: { options: ConfirmOptions; onClose: () => void }) {
  const titleId = useId();
  const ok = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => ok.current?.focus(), []);
  const cancel = () => {
    options.onCancel?.();
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await options.onOk?.();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return createPortal(
    <div className="dl-dialog-mask" onKeyDown={(e) => e.key === 'Escape' && !busy && cancel()}>
      <div className="dl-dialog dl-dialog--confirm" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="dl-dialog__confirm-body">
          {warningIcon}
          <div>
            <div id={titleId} className="dl-dialog__title">
              {options.title}
            </div>
            {options.content != null && <div className="dl-dialog__content">{options.content}</div>}
          </div>
        </div>
        <div className="dl-dialog__footer">
          <PortalButton onClick={cancel} disabled={busy}>
            {options.cancelText ?? '取消'}
          </PortalButton>
          <PortalButton ref={ok} variant="primary" danger={options.danger} disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
            {options.okText}
          </PortalButton>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/**
 * A confirmation dialog on demand, without antd: `const [confirm, dialog] = useConfirm()`, render `dialog`,
 * call `confirm({ title, content, okText, onOk })`.
 */
export function useConfirm(): [(options: ConfirmOptions) => void, ReactNode] {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const dialog = options ? <ConfirmDialog options={options} onClose={() => setOptions(null)} /> : null;
  return [setOptions, dialog];
}
