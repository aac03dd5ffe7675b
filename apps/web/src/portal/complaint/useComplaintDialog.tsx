import { Suspense, useState } from 'react';
import { lazyWithAntd } from '../shared/lazyWithAntd';

// The form, its captcha and validators load on the first click: the home page does not pay for them.
const ComplaintDialog = lazyWithAntd(() => import('./ComplaintDialog').then((m) => m.default));

/** The 投诉建议 dialog: `open` shows it, `dialog` is the element to render. */
export function useComplaintDialog() {
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never');
  const dialog =
    state === 'never' ? null : (
      <Suspense fallback={null}>
        <ComplaintDialog open={state === 'open'} onClose={() => setState('closed')} />
      </Suspense>
    );
  return { open: () => setState('open'), dialog };
}
