import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PortalButton } from './Button';
import './dialog.css';

const warningIcon = (
  <svg viewBox="64 64 896 896" width="14" height="14" fill="#faad14" aria-hidden focusable="false">
    <path d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z" />
  </svg>
);

interface PortalPopconfirmProps {
  title: string;
  okText: string;
  cancelText?: string;
  danger?: boolean;
  onConfirm: () => unknown;
  /** The button that opens the question: rendered with `open` as its click handler. */
  children: (open: () => void) => ReactNode;
}

/**
 * antd Popconfirm's look and behaviour without antd: a small card under the button asking to confirm, closed by
 * 取消, Escape or a click elsewhere; the action's button is busy until `onConfirm` settles.
 */
export function PortalPopconfirm({ title, okText, cancelText = '取消', danger, onConfirm, children }: PortalPopconfirmProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    ok.current?.focus();
    const away = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <span className="dl-popconfirm" ref={box} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      {children(() => setOpen(true))}
      {open && (
        <div className="dl-popconfirm__card" role="dialog" aria-label={title}>
          <div className="dl-popconfirm__title">
            {warningIcon}
            <span>{title}</span>
          </div>
          <div className="dl-popconfirm__buttons">
            <PortalButton size="small" onClick={() => setOpen(false)}>
              {cancelText}
            </PortalButton>
            <PortalButton ref={ok} size="small" variant="primary" danger={danger} disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
              {okText}
            </PortalButton>
          </div>
        </div>
      )}
    </span>
  );
}
