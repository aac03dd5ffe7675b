import { Button, type ButtonProps } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';

interface BusyButtonProps extends Omit<ButtonProps, 'loading'> {
  /** While true the button is disabled and shows a spinner. */
  busy: boolean;
}

/**
 * A button that is disabled with a spinner while its action runs. antd's own `loading` keeps an
 * internal, frame-delayed copy of the flag that was seen (Chromium, production build) to stay on
 * after a refusal answered within a frame or two, leaving the form without a usable button.
 * This one renders straight from `busy`.
 */
export function BusyButton({ busy, disabled, icon, ...rest }: BusyButtonProps) {
  return <Button {...rest} aria-busy={busy || undefined} icon={busy ? <LoadingOutlined /> : icon} disabled={busy || disabled} />;
}
