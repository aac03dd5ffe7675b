import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_TAGS, sanitizeRichText } from './richText';

/**
 * Filter-evasion vectors in the manner of the OWASP XSS cheat sheet: script tags in disguise,
 * event handlers, javascript:/vbscript:/data: URLs hidden by entities, whitespace and case,
 * CSS expressions, SVG and MathML, meta refresh, base, forms, frames and embedded objects.
 */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=javascript:alert(\'XSS\')>',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC= onmouseover="alert(\'xxs\')">',
  '<IMG onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<SCRIPT/XSS SRC="https://evil.example/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<SCRIPT SRC=https://evil.example/xss.js?< B >',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<IMG DYNSRC="javascript:alert(\'XSS\')">',
  '<IMG LOWSRC="javascript:alert(\'XSS\')">',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<IMG SRC=\'vbscript:msgbox("XSS")\'>',
  '<svg/onload=alert(\'XSS\')>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<BR SIZE="&{alert(\'XSS\')}">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<STYLE>@import\'https://evil.example/xss.css\';</STYLE>',
  '<META HTTP-EQUIV="Link" Content="<https://evil.example/xss.css>; REL=stylesheet">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>',
  '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>',
  '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">',
  '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">',
  '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">',
  '<DIV STYLE="width: expression(alert(\'XSS\'));">',
  '<p style="color: red; behavior: url(xss.htc); -moz-binding: url(xss.xml#xss)">x</p>',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<OBJECT TYPE="text/x-scriptlet" DATA="https://evil.example/scriptlet.html"></OBJECT>',
  '<EMBED SRC="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+" type="image/svg+xml"></EMBED>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#115;cript:alert(1)">x</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<img src="x" style="x:expression(alert(1))">',
  '<!--[if gte IE 4]><SCRIPT>alert(\'XSS\');</SCRIPT><![endif]-->',
  '<XSS STYLE="behavior: url(xss.htc);">',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><script>alert(1)</script></textarea>',
];

const ALLOWED_ATTRIBUTES = new Set(['style', 'href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'span', 'start']);
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/** Parses the output the way a browser does and lists everything that should not be there. */
function problemsIn(html: string): string[] {
  const window = new Window();
  const document = window.document;
  document.body.innerHTML = html;
  const problems: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!(RICH_TEXT_TAGS as readonly string[]).includes(tag)) problems.push(`element <${tag}>`);
    for (const attr of Array.from(element.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value ?? '';
      if (!ALLOWED_ATTRIBUTES.has(name)) problems.push(`attribute ${name} on <${tag}>`);
      if ((name === 'href' || name === 'src') && !SAFE_URL.test(value.trim())) problems.push(`${name}=${value}`);
      if (name === 'style' && /expression|url\(|javascript|behavior|binding|@import/i.test(value)) problems.push(`style ${value}`);
    }
  }
  window.close();
  return problems;
}

describe('sanitizeRichText', () => {
  it.each(VECTORS.map((v, i) => [i + 1, v]))('vector %i leaves nothing executable: %s', (_n, vector) => {
    const clean = sanitizeRichText(vector);
    expect(problemsIn(clean)).toEqual([]);
    expect(clean).not.toMatch(/<script|javascript:|vbscript:|onerror|onload|onmouseover|ontoggle/i);
    // Cleaning again changes nothing: what is stored is already in its final form.
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps what the editor produces: formatting, lists, tables, links, images, colours, alignment', () => {
    const html =
      '<h2 style="text-align: center">评审办法</h2>' +
      '<p>请于<strong>12 月 1 日</strong>前提交，<em>逾期</em>不予受理。<span style="color: #ff0000; font-size: 16px">重要</span></p>' +
      '<ol start="2"><li>申报书</li><li>推荐意见</li></ol>' +
      '<table><tbody><tr><th colspan="2">奖项</th></tr><tr><td>一等奖</td><td style="width: 50%">3 项</td></tr></tbody></table>' +
      '<p><a href="https://www.most.gov.cn/" target="_blank">科技部</a> <a href="mailto:award@example.cn">联系我们</a></p>' +
      '<p><img src="/stream/fms/downloads/1?fileId=12&amp;filename=a.png" alt="证书" width="300"></p>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<h2 style="text-align:center">评审办法</h2>');
    expect(clean).toContain('<strong>12 月 1 日</strong>');
    expect(clean).toContain('<span style="color:#ff0000;font-size:16px">重要</span>');
    expect(clean).toContain('<ol start="2">');
    expect(clean).toContain('<th colspan="2">奖项</th>');
    expect(clean).toContain('<a href="https://www.most.gov.cn/" target="_blank" rel="noopener noreferrer">科技部</a>');
    expect(clean).toContain('<a href="mailto:award@example.cn">联系我们</a>');
    expect(clean).toContain('<img src="/stream/fms/downloads/1?fileId=12&amp;filename=a.png" alt="证书" width="300" />');
  });

  it('drops addresses that are neither web, mail or phone links nor paths on this site', () => {
    expect(sanitizeRichText('<a href="`javascript:alert(1)`">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="page.html">x</a><a href="#top">y</a>')).toBe('<a>x</a><a href="#top">y</a>');
    expect(sanitizeRichText('<img src="onmouseover=alert(1)">')).toBe('');
  });

  it('drops unknown styles and script content entirely, keeping the visible text around them', () => {
    expect(sanitizeRichText('<p style="position: fixed; color: blue">前<script>alert(1)</script>后</p>')).toBe('<p style="color:blue">前后</p>');
    expect(sanitizeRichText('<b>粗</b><i>斜</i>')).toBe('<strong>粗</strong><em>斜</em>');
    expect(sanitizeRichText('<img alt="no source">')).toBe('');
    expect(sanitizeRichText(null)).toBe('');
  });
});
