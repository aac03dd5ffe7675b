import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';

type Bell = (typeof import('./NoticeBell'))['NoticeBell'];

// The bell proper (antd Badge, Popover and Spin, the unread feed and the notice contract): not part of
// what the console's first screen waits for. Once loaded, later frames (after sign-in, a layout
// switch) show it at once.
let loadedBell: Bell | null = null;
const loadBell = (): Promise<Bell> =>
  import('./NoticeBell').then((m) => {
    loadedBell = m.NoticeBell;
    return m.NoticeBell;
  });

/**
 * The header's bell, loaded once the console frame has shown (docs/console.md, Start-up weight). Until
 * it is there, a bell of the same look, name and test id stands in; a click on it opens the panel as
 * soon as the bell has loaded (and asks for it again if that had failed), so no click is lost.
 */
export function NoticeBellSlot() {
  const [bell, setBell] = useState<{ Bell: Bell } | null>(loadedBell && { Bell: loadedBell });
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const live = useRef(true);
  const load = useCallback(() => {
    loadBell().then(
      (Bell) => live.current && setBell({ Bell }),
      () => undefined,
    );
  }, []);
  // After the first commit: the bell's chunk is asked for once the frame is on screen.
  useEffect(() => {
    live.current = true;
    if (!loadedBell) load();
    return () => {
      live.current = false;
    };
  }, [load]);

  if (bell) return <bell.Bell initiallyOpen={openOnArrival} />;
  return (
    <Button
      type="text"
      className="dl-console-header__action"
      aria-label="通知"
      data-testid="notice-bell"
      onClick={() => {
        setOpenOnArrival(true);
        load();
      }}
    >
      <BellOutlined />
    </Button>
  );
}
