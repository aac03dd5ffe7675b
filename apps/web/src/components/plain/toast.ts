import './toast.css';

const ICONS = {
  // antd's CloseCircleFilled and CheckCircleFilled
  error: { color: '#ff4d4f', d: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm165.4 618.2l-66-.3L512 563.4l-99.3 118.4-66.1.3c-4.4 0-8-3.5-8-8 0-1.9.7-3.7 1.9-5.2l130.1-155L340.5 359a8.32 8.32 0 01-1.9-5.2c0-4.4 3.6-8 8-8l66.1.3L512 464.6l99.3-118.4 66-.3c4.4 0 8 3.5 8 8 0 1.9-.7 3.7-1.9 5.2L553.5 514l130 155c1.2 1.5 1.9 3.3 1.9 5.2 0 4.4-3.6 8-8 8z' },
  // antd's ExclamationCircleFilled: the request layer's warnings (an ended session)
  warning: { color: '#faad14', d: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z' },
  success: { color: '#52c41a', d: 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z' },
} as const;
const SVG = 'http://www.w3.org/2000/svg';
const SHOWN_MS = 3_000;

function holder(): HTMLElement {
  let el = document.querySelector<HTMLElement>('.dl-message');
  if (!el) {
    el = document.createElement('div');
    el.className = 'dl-message';
    document.body.appendChild(el);
  }
  return el;
}

/** The notices shown under a key, with the timer that removes them. */
const keyed = new Map<string, { notice: HTMLElement; timer: ReturnType<typeof setTimeout> }>();

/**
 * A short notice at the top centre for three seconds, drawn like antd's message (white pill, coloured icon), in
 * plain DOM: pages drawn without antd (the portal, /login) show a load failure, a refusal or a success without antd's message code.
 * With a `key`, as antd's message: a notice under the same key replaces the one shown (parallel calls failing
 * for one reason show one notice) and its three seconds start again.
 */
export function toast(kind: keyof typeof ICONS, text: string, key?: string) {
  const shown = key === undefined ? undefined : keyed.get(key);
  if (shown) clearTimeout(shown.timer);
  const notice = document.createElement('div');
  notice.className = `dl-message__notice dl-message__notice--${kind}`;
  notice.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '64 64 896 896');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('fill', ICONS[kind].color);
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICONS[kind].d);
  svg.appendChild(path);
  const span = document.createElement('span');
  span.textContent = text;
  notice.append(svg, span);
  if (shown?.notice.isConnected) shown.notice.replaceWith(notice);
  else holder().appendChild(notice);
  const timer = setTimeout(() => {
    notice.remove();
    if (key !== undefined && keyed.get(key)?.notice === notice) keyed.delete(key);
  }, SHOWN_MS);
  if (key !== undefined) keyed.set(key, { notice, timer });
}
