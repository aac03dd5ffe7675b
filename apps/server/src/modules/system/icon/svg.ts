import { MAX_SVG_BYTES } from '@dandelion/shared/system/icon';
import { errors } from '../../../core/errors';

/** Markup that could run or fetch something when an SVG is rendered: such a file is refused outright. */
const DANGEROUS: Array<[RegExp, string]> = [
  [/<\s*script\b/i, '脚本'],
  [/<\s*foreignObject\b/i, 'foreignObject'],
  [/\son[a-z]+\s*=/i, '事件属性'],
  [/javascript\s*:/i, 'javascript: 链接'],
  [/(?:xlink:)?href\s*=\s*["']\s*(?!#)/i, '外部引用'],
  [/<!ENTITY|<!DOCTYPE/i, '实体声明'],
  [/url\s*\(\s*["']?\s*(?!#)/i, '外部引用'],
  [/<\s*(?:iframe|embed|object|image|use|animate|set)\b/i, '不允许的元素'],
];

/** Path data may hold only commands, numbers, signs, separators: nothing a browser could execute. */
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]+$/;
const VIEW_BOX = /^-?\d+(\.\d+)?([\s,]+-?\d+(\.\d+)?){3}$/;
const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);

export interface CleanIcon {
  pathContent: string;
  viewBox: string;
}

/**
 * Reduces an uploaded SVG to what the console draws: the `d` data of its paths and its viewBox.
 * Nothing else of the file is stored, so nothing else can ever reach a browser.
 */
export function cleanSvg(svg: string): CleanIcon {
  if (Buffer.byteLength(svg, 'utf8') > MAX_SVG_BYTES) throw errors.badRequest('图标文件不能超过 64 KB');
  const root = /<svg\b[^>]*>/i.exec(svg);
  if (!root) throw errors.badRequest('请上传 SVG 格式的图标');
  for (const [pattern, what] of DANGEROUS) {
    if (pattern.test(svg)) throw errors.badRequest(`图标文件包含不允许的内容：${what}`);
  }
  const box = attr(root[0], 'viewBox');
  const viewBoxText = (box?.[2] ?? box?.[3] ?? '0 0 1024 1024').trim().replace(/\s*,\s*|\s+/g, ' ');
  if (!VIEW_BOX.test(viewBoxText)) throw errors.badRequest('图标的 viewBox 格式不正确');
  const paths: string[] = [];
  for (const tag of svg.match(/<path\b[^>]*>/gi) ?? []) {
    const d = attr(tag, 'd');
    const data = (d?.[2] ?? d?.[3] ?? '').trim().replace(/\s+/g, ' ');
    if (!data || !PATH_DATA.test(data)) continue;
    // A path's first moveto is absolute even when written "m"; joined after another path it would turn relative.
    paths.push(data.replace(/^m/, 'M'));
  }
  if (!paths.length) throw errors.badRequest('图标文件中没有可用的路径');
  return { pathContent: paths.join(' '), viewBox: viewBoxText };
}
