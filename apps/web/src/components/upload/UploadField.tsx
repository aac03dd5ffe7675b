import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { downloadByFileId } from '../../api/download';
import { fileUrl } from '../../api/fileUrl';
import { errorMessage, isAbortError } from '../../api/http';
import { uploadFile, type UploadedFile } from '../../api/upload';

export interface UploadFieldProps {
  /** The stored files (a form value). */
  value?: UploadedFile[];
  onChange?(files: UploadedFile[]): void;
  /** At most this many stored files; unlimited unless given. */
  maxCount?: number;
  /** Largest accepted file in MB. */
  maxSizeMb?: number;
  /** File picker filter, e.g. '.pdf,.doc,.docx' or 'image/*'. */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Extra multipart fields for the file service (e.g. a business type). */
  fields?: Record<string, string>;
  buttonText?: string;
  /** Id of the button, so a Form.Item label points at it. */
  id?: string;
  listType?: 'text' | 'picture';
}

export const DEFAULT_MAX_SIZE_MB = 50;

const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);

/**
 * antd's list item for a stored file; the uid is derived from the file id so it stays stable.
 * An image gets a thumbnail address: download addresses end in a query string, from which antd
 * cannot tell that the file is a picture.
 */
function storedItem(file: UploadedFile): UploadFile {
  const url = file.url ? fileUrl(file.url) : undefined;
  return {
    uid: `stored-${file.fileId}`,
    name: file.filename,
    size: file.size,
    type: file.type,
    status: 'done',
    url,
    thumbUrl: url && IMAGE_TYPES.has(file.type.toLowerCase()) ? url : undefined,
    response: file,
  };
}

/**
 * A file picker that uploads each chosen file at once to the file service (`uploadFile`), shows its
 * progress, and holds the stored files as its value. Works as a controlled antd Form field.
 * In-flight and failed uploads live only here; the value holds stored files only, so a form can
 * never submit a file that did not arrive.
 */
export function UploadField({
  value,
  onChange,
  maxCount,
  maxSizeMb = DEFAULT_MAX_SIZE_MB,
  accept,
  multiple,
  disabled,
  fields,
  buttonText = '上传文件',
  id,
  listType = 'text',
}: UploadFieldProps) {
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // Several uploads may finish between two renders: each must add to the latest value, not to the
  // value of the render that started it.
  // Brought up to date after each commit in which the form's value changed; emit() sets it at once.
  const current = useRef<UploadedFile[]>(value ?? []);
  useLayoutEffect(() => {
    current.current = value ?? [];
  }, [value]);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const patch = (uid: string, change: Partial<UploadFile> | null) =>
    setPending((items) => (change ? items.map((item) => (item.uid === uid ? { ...item, ...change } : item)) : items.filter((item) => item.uid !== uid)));

  const emit = (next: UploadedFile[]) => {
    current.current = next;
    onChange?.(next);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (file.size > maxSizeMb * 1024 * 1024) {
      message.error(`文件「${file.name}」超过 ${maxSizeMb} MB，无法上传`);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const raw = file as File & { uid: string };
    // Checked here, not in beforeUpload: antd runs beforeUpload for every file of a multiple
    // selection before the first upload starts, so only here does the count include them.
    if (maxCount !== undefined && current.current.length + controllers.current.size >= maxCount) {
      message.warning(`最多上传 ${maxCount} 个文件`);
      return;
    }
    const controller = new AbortController();
    controllers.current.set(raw.uid, controller);
    setPending((items) => [...items, { uid: raw.uid, name: raw.name, size: raw.size, type: raw.type, status: 'uploading', percent: 0 }]);
    uploadFile(raw, { signal: controller.signal, fields, onProgress: (percent) => patch(raw.uid, { percent }) }).then(
      (stored) => {
        controllers.current.delete(raw.uid);
        patch(raw.uid, null);
        emit([...current.current, stored]);
      },
      (error: unknown) => {
        controllers.current.delete(raw.uid);
        // Removed by the user while uploading: nothing failed. Otherwise keep the row, marked red,
        // so the user sees which file did not arrive (the request layer has toasted why).
        if (isAbortError(error)) patch(raw.uid, null);
        else patch(raw.uid, { status: 'error', response: errorMessage(error) });
      },
    );
    return { abort: () => controller.abort() };
  };

  const onRemove: UploadProps['onRemove'] = (item) => {
    const controller = controllers.current.get(item.uid);
    if (controller) {
      controller.abort();
      return true;
    }
    if (item.status === 'done') {
      const stored = item.response as UploadedFile;
      emit(current.current.filter((f) => f.fileId !== stored.fileId));
    } else {
      patch(item.uid, null);
    }
    return true;
  };

  const onPreview: UploadProps['onPreview'] = (item) => {
    if (item.status !== 'done') return;
    const stored = item.response as UploadedFile;
    if (item.url) window.open(item.url, '_blank');
    else downloadByFileId(stored.fileId, stored.filename);
  };

  const uploading = pending.filter((item) => item.status === 'uploading').length;
  const full = maxCount !== undefined && (value?.length ?? 0) + uploading >= maxCount;

  return (
    <Upload
      fileList={[...(value ?? []).map(storedItem), ...pending]}
      accept={accept}
      multiple={multiple}
      disabled={disabled}
      listType={listType}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={onRemove}
      onPreview={onPreview}
    >
      {!disabled && (
        <Button id={id} icon={<UploadOutlined />} disabled={full}>
          {buttonText}
        </Button>
      )}
    </Upload>
  );
}
