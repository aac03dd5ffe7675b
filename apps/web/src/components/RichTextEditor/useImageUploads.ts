/**
 * Images chosen with the image button, pasted or dropped: checked, uploaded through the request
 * layer (multipart to uploadJson, the file in filePostName, the five system fields), shown with
 * their progress, then inserted where the user was — that place follows later edits.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { errorMessage, isAbortError } from '../../api/http';
import { uploadFile } from '../../api/upload';
import { STREAM_DOWNLOAD_PATH } from '../../api/download';
import { isSafeImageSrc } from '../RichTextView/addresses';

/** The image types the file service accepts (apps/server/src/modules/file/fileTypes.ts, kind IMAGE). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'] as const;
/** The file service's limit for an image. */
export const IMAGE_MAX_MB = 10;
/** The file picker's filter. */
export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export interface PendingUpload {
  id: string;
  name: string;
  percent: number;
}

/** Why a file cannot be inserted as an image, or null when it can. */
export function imageRefusal(file: File): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const typeOk = !file.type || file.type.startsWith('image/');
  if (!typeOk || !(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
    return `「${file.name}」不是支持的图片格式，请选择 JPG、PNG、GIF、WEBP 或 BMP 图片`;
  }
  if (file.size > IMAGE_MAX_MB * 1024 * 1024) return `图片「${file.name}」超过 ${IMAGE_MAX_MB} MB，无法上传`;
  return null;
}

/** A pasted screenshot arrives as "image.png"; give it a name that says when it was taken. */
function named(file: File): File {
  if (!/^image\.(png|jpe?g|gif|webp|bmp)$/i.test(file.name)) return file;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return new File([file], `粘贴图片-${stamp}.${file.name.split('.').pop()}`, { type: file.type });
}

interface Options {
  editor: Editor | null;
  uploadJson: string;
  filePostName: string;
  onError(message: string): void;
}

export function useImageUploads({ editor, uploadJson, filePostName, onError }: Options) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // Where each image goes, mapped through every edit made while it uploads.
  const positions = useRef(new Map<string, number>());
  const sequence = useRef(0);
  // `upload` is one function for the editor's whole life (its paste and drop handlers keep it): it
  // reads the current options here, brought up to date after each commit.
  const latest = useRef({ editor, uploadJson, filePostName, onError });
  useLayoutEffect(() => {
    latest.current = { editor, uploadJson, filePostName, onError };
  });

  useEffect(() => {
    if (!editor) return;
    const follow = ({ transaction }: { transaction: { docChanged: boolean; mapping: { map(pos: number): number } } }) => {
      if (!transaction.docChanged) return;
      for (const [id, pos] of positions.current) positions.current.set(id, transaction.mapping.map(pos));
    };
    editor.on('transaction', follow);
    return () => {
      editor.off('transaction', follow);
    };
  }, [editor]);

  // Unmounted: stop every upload; nothing is inserted into a destroyed editor.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const upload = useCallback((files: readonly File[], at?: number) => {
    const { editor: current } = latest.current;
    if (!current) return;
    for (const original of files) {
      const refusal = imageRefusal(original);
      if (refusal) {
        latest.current.onError(refusal);
        continue;
      }
      const file = named(original);
      const id = `upload-${++sequence.current}`;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      positions.current.set(id, at ?? current.state.selection.to);
      setUploads((list) => [...list, { id, name: file.name, percent: 0 }]);
      const done = () => {
        controllers.current.delete(id);
        positions.current.delete(id);
        setUploads((list) => list.filter((item) => item.id !== id));
      };
      uploadFile(file, {
        path: latest.current.uploadJson,
        fileField: latest.current.filePostName,
        signal: controller.signal,
        // Shown here, next to the image's progress, rather than as a page-wide toast.
        silent: true,
        onProgress: (percent) => setUploads((list) => list.map((item) => (item.id === id ? { ...item, percent } : item))),
      }).then(
        (stored) => {
          const pos = positions.current.get(id);
          done();
          const target = latest.current.editor;
          if (!target || target.isDestroyed) return;
          const src = stored.url ?? `${STREAM_DOWNLOAD_PATH}?fileId=${encodeURIComponent(stored.fileId)}&filename=${encodeURIComponent(stored.filename)}`;
          if (!isSafeImageSrc(src)) {
            latest.current.onError(`图片「${file.name}」上传后的地址无效，未能插入`);
            return;
          }
          const end = target.state.doc.content.size;
          target
            .chain()
            .insertContentAt(Math.min(pos ?? end, end), { type: 'image', attrs: { src, alt: stored.filename } })
            .run();
        },
        (error: unknown) => {
          done();
          if (isAbortError(error)) return;
          latest.current.onError(`图片「${file.name}」上传失败：${errorMessage(error)}`);
        },
      );
    }
  }, []);

  return { uploads, upload };
}
