// @vitest-environment jsdom
// DOMPurify does not support happy-dom (its nodeName lookups fail and whole elements slip through,
// cure53/DOMPurify#1457): the sanitiser is tested in jsdom, which parses as a browser does.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { useSessionStore } from '../../api/session';
import { RichTextView } from './RichTextView';
import { allowedStyle, sanitiseRichText } from './sanitize';
import { displayImageSrc, withoutAuthorization } from './addresses';

afterEach(() => {
  useSessionStore.getState().signOut();
  delete (window as { pwned?: boolean }).pwned;
});

const view = (html: string) => render(<RichTextView html={html} />).container;

describe('RichTextView', () => {
  it('shows the stored text with its formatting inside the typography class', () => {
    const container = view('<h2>评审通知</h2><p style="text-align: center">请于<strong>五月</strong>前提交。</p>');
    const root = container.querySelector('.dl-rich-text')!;
    expect(root.querySelector('h2')?.textContent).toBe('评审通知');
    expect(root.querySelector('p')?.getAttribute('style')).toBe('text-align: center');
    expect(root.querySelector('strong')?.textContent).toBe('五月');
  });

  it('strips a script with its content and an onerror attribute, so nothing runs', () => {
    const container = view(
      '<p>正文<script>window.pwned = true</script></p><img src="/x.png" onerror="window.pwned = true"><p onclick="window.pwned = true">点我</p>',
    );
    const html = container.innerHTML;
    expect(container.querySelector('script')).toBeNull();
    expect(html).not.toContain('pwned');
    expect(container.querySelector('img')!.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('p:last-child')!.getAttribute('onclick')).toBeNull();
    expect(container.textContent).toBe('正文点我');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('drops javascript: and data: addresses, keeps web, mail and site ones', () => {
    const safe = sanitiseRichText(
      '<a href="javascript:alert(1)">坏</a><a href=" JaVaScRiPt:alert(1)">坏</a><a href="https://example.com">好</a>' +
        '<a href="mailto:a@b.cn">信</a><a href="/notificationDetail/3">站内</a>' +
        '<img src="data:image/png;base64,AAAA"><img src="//evil.example/x.png"><img src="https://img.example.com/a.png">',
      { displayImages: false },
    );
    const root = document.createElement('div');
    root.innerHTML = safe;
    expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([null, null, 'https://example.com', 'mailto:a@b.cn', '/notificationDetail/3']);
    expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['https://img.example.com/a.png']);
  });

  it('drops elements and attributes outside the server allowlist (iframe, style sheet, form, class, data-*)', () => {
    const safe = sanitiseRichText(
      '<iframe src="https://x.example"></iframe><style>body{display:none}</style><form action="/x"><input name="a"></form>' +
        '<p class="x" data-id="1" id="y">文字</p><svg><script>1</script></svg>',
    );
    expect(safe).toBe('<p>文字</p>');
  });

  it('keeps only the allowed style declarations', () => {
    expect(allowedStyle('span', 'color: #e53333; position: fixed; top: 0; background-image: url(javascript:alert(1)); font-size: 16px')).toBe(
      'color: #e53333; font-size: 16px',
    );
    expect(allowedStyle('img', 'width: 300px; height: 200px')).toBe('width: 300px; height: 200px');
    expect(allowedStyle('p', 'width: 300px')).toBe('');
    const safe = sanitiseRichText('<p style="position: fixed; inset: 0">遮罩</p>');
    expect(safe).toBe('<p>遮罩</p>');
  });

  it('a link opening a new window gets rel="noopener noreferrer"; other targets are dropped', () => {
    const safe = sanitiseRichText('<a href="https://a.cn" target="_blank">新窗口</a><a href="https://b.cn" target="top" rel="opener">别处</a>');
    const root = document.createElement('div');
    root.innerHTML = safe;
    const [first, second] = [...root.querySelectorAll('a')];
    expect([first!.getAttribute('target'), first!.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect([second!.getAttribute('target'), second!.getAttribute('rel')]).toEqual([null, null]);
  });

  it('shows a private stored image with the viewer token, without ever changing the stored address', () => {
    useSessionStore.getState().signIn('tok 1', {});
    const stored = '/stream/fms/downloads/1?fileId=7&filename=%E5%9B%BE.png';
    const container = view(`<p><img src="${stored}" alt="图"></p>`);
    expect(container.querySelector('img')!.getAttribute('src')).toBe(`${stored}&authorization=tok%201`);
    expect(withoutAuthorization(`${stored}&authorization=tok%201`)).toBe(stored);
    expect(displayImageSrc(stored, undefined)).toBe(stored);
    expect(displayImageSrc('https://img.example.com/a.png', 'tok')).toBe('https://img.example.com/a.png');
  });

  it('leaves nothing executable of classic filter-evasion vectors', () => {
    const vectors = [
      '<IMG SRC=JaVaScRiPt:alert(1)>',
      '<IMG SRC="jav&#x09;ascript:alert(1);">',
      '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115cript:alert(1)">',
      '<svg/onload=alert(1)>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<object data="javascript:alert(1)"></object>',
      '<p style="background:url(javascript:alert(1)); width: expression(alert(1))">背景</p>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">数据</a>',
      '<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<form><button formaction="javascript:alert(1)">提交</button></form>',
      '<details open ontoggle=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<a href="&#x6A;avascript&colon;alert(1)">链接</a>',
    ];
    const allowed = new Set(['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark', 'span', 'div', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);
    for (const vector of vectors) {
      const root = document.createElement('div');
      root.innerHTML = sanitiseRichText(vector);
      for (const element of root.querySelectorAll('*')) {
        expect(allowed.has(element.localName), `${vector} → <${element.localName}>`).toBe(true);
        for (const attribute of element.attributes) {
          expect(attribute.name.startsWith('on'), `${vector} → ${attribute.name}`).toBe(false);
          expect(/^\s*(javascript|vbscript|data):|url\(|expression\(/i.test(attribute.value), `${vector} → ${attribute.value}`).toBe(false);
        }
      }
    }
  });

  it('shows the empty placeholder for nothing or for markup without content', () => {
    const { container } = render(<RichTextView html={'<script>1</script>'} empty={<span>暂无内容</span>} />);
    expect(container.textContent).toBe('暂无内容');
    expect(container.querySelector('.dl-rich-text')).toBeNull();
  });
});
