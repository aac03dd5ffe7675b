import { describe, expect, it } from 'vitest';
import { fileIdsInRichText } from './rich-text-files';

describe('fileIdsInRichText', () => {
  it('finds the file ids of stored images and file links, once each, escaped or not', () => {
    const html =
      '<p><img src="/stream/fms/downloads/1?fileId=41&amp;filename=a.png" alt="a"></p>' +
      "<p><a href='/stream/fms/downloads/1?filename=b.pdf&fileId=7'>附件</a><img src=/stream/fms/downloads/1?fileId=41&filename=a.png></p>";
    expect(fileIdsInRichText(html)).toEqual(['41', '7']);
  });

  it('ignores other addresses, repository ids, text that merely mentions the path, and bad ids', () => {
    const html =
      '<p>/stream/fms/downloads/1?fileId=5</p><img src="https://cdn.example.com/stream/fms/downloads/1?fileId=6">' +
      '<img src="/stream/fms/downloads/1?fileRepId=8&amp;filename=x.png"><img src="/stream/fms/downloads/1?fileId=0x1&amp;filename=y.png">';
    expect(fileIdsInRichText(html)).toEqual([]);
    expect(fileIdsInRichText(null)).toEqual([]);
  });
});
