import { useState } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { errorMessage } from '../../../api/http';
import { uploadFile } from '../../../api/upload';
import { useSessionStore } from '../../../api/session';
import { displayImageSrc } from '../../../components/RichTextView/addresses';

/** Only pictures: the server refuses anything else for a logo, a banner or a preview. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.bmp';
const IMAGE_MAX_MB = 10;

export interface ImageFieldProps {
  /** The fileId of the picture (a form value). */
  value?: string | null;
  onChange?(fileId: string | null): void;
  /** The stored picture's address, shown until another is uploaded. */
  initialUrl?: string | null;
  disabled?: boolean;
  id?: string;
  buttonText?: string;
}

/** A private picture in an <img>: the token travels in the query, as for downloads. */
export function useImageSrc() {
  const token = useSessionStore((s) => s.session?.token);
  return (url: string | null | undefined) => (url ? displayImageSrc(url, token) : '');
}

/** One picture, uploaded to the file service as soon as it is chosen; the value is its fileId. */
export function ImageField({ value, onChange, initialUrl, disabled, id, buttonText = '上传图片' }: ImageFieldProps) {
  const src = useImageSrc();
  const [uploaded, setUploaded] = useState<{ fileId: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = value ? (uploaded?.fileId === value ? uploaded.url : initialUrl) : null;

  return (
    <Space align="start" wrap>
      {url ? <Image src={src(url)} width={120} height={68} style={{ objectFit: 'cover' }} alt="图片预览" /> : null}
      {!disabled && (
        <Space orientation="vertical" size={4}>
          <Upload
            accept={IMAGE_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => {
              if (file.size > IMAGE_MAX_MB * 1024 * 1024) {
                setError(`图片不能超过 ${IMAGE_MAX_MB} MB`);
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file }) => {
              setBusy(true);
              setError(null);
              uploadFile(file as File, { silent: true }).then(
                (stored) => {
                  setUploaded({ fileId: String(stored.fileId), url: stored.url ?? '' });
                  onChange?.(String(stored.fileId));
                },
                (e: unknown) => setError(errorMessage(e)),
              ).finally(() => setBusy(false));
            }}
          >
            <Button id={id} icon={<UploadOutlined />} loading={busy}>
              {value ? '更换图片' : buttonText}
            </Button>
          </Upload>
          {value && (
            <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              移除
            </Button>
          )}
          {error && <span className="ant-form-item-explain-error" role="alert">{error}</span>}
        </Space>
      )}
    </Space>
  );
}
