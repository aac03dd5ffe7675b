import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';

// The bell proper (antd Badge, Popover and Spin, the unread feed and the notice contract): not part of
// what the console's first screen waits for.
let loaded = false;
const NoticeBell = lazy(() =>
  import('./NoticeBell').then((m) => {
    loaded = true;
    return { default: m.NoticeBell };
  }),
);

/**
 * The header's bell, loaded once the console frame has shown (docs/console.md, Start-up weight). Until
 * it is there, a bell of the same look, name and test id stands in; a click on it opens the panel as
 * soon as the bell has loaded, so no click is lost.
 */
export function NoticeBellSlot() {
  // Once loaded (a later frame: after sign-in, a layout switch), the bell shows at once.
  const [wanted, setWanted] = useState(loaded);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  // After the first commit: the bell's chunk is asked for once the frame is on screen.
  useEffect(() => setWanted(true), []);
  const standIn = (
    <Button type="text" className="dl-console-header__action" aria-label="通知" data-testid="notice-bell" onClick={() => setOpenOnArrival(true)}>
      <BellOutlined />
    </Button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <NoticeBell initiallyOpen={openOnArrival} />
    </Suspense>
  );
}
