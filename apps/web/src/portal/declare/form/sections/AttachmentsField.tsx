import { useState } from 'react';
import { App, Button, Tag, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_TYPE_LABELS, ATTACHMENT_TYPES, type AttachmentType } from '@dandelion/shared/award/prize';
import { downloadByFileId } from '../../../../api/download';
import { uploadFile } from '../../../../api/upload';

export interface AttachmentEntry {
  type: AttachmentType;
  fileId: string;
  fileName: string;
}

const MAX_SIZE_MB = 50;

/**
 * 附件, by type: every type the contract knows, the prize's required ones marked 必传. Each file
 * goes to the file service at once; the section keeps {type, fileId, fileName}.
 */
export function AttachmentsField({
  id,
  value,
  onChange,
  disabled,
  required,
}: {
  id?: string;
  value?: AttachmentEntry[] | null;
  onChange?(value: AttachmentEntry[]): void;
  disabled?: boolean;
  required: readonly AttachmentType[];
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState<AttachmentType | null>(null);
  const files = value ?? [];
  // Required types first, in the contract's order.
  const types = [...ATTACHMENT_TYPES].sort((a, b) => Number(required.includes(b)) - Number(required.includes(a)));

  const upload = async (type: AttachmentType, file: File) => {
    if (file.size > MAX_SIZE_MB * 1024 * 1024) {
      message.error(`文件「${file.name}」超过 ${MAX_SIZE_MB} MB，无法上传`);
      return;
    }
    setUploading(type);
    try {
      const stored = await uploadFile(file);
      onChange?.([...(value ?? []), { type, fileId: stored.fileId, fileName: stored.filename }]);
    } catch {
      // the request layer has said why
    } finally {
      setUploading(null);
    }
  };

  return (
    <div id={id} className="dl-attachments">
      {types.map((type) => {
        const ofType = files.filter((f) => f.type === type);
        const label = ATTACHMENT_TYPE_LABELS[type];
        return (
          <div key={type} className="dl-attachments__row">
            <div className="dl-attachments__type">
              {label}
              {required.includes(type) ? (
                <Tag color="red" className="dl-attachments__required">
                  必传
                </Tag>
              ) : null}
            </div>
            <ul className="dl-attachments__files" aria-label={`${label}文件`}>
              {ofType.map((f) => (
                <li key={f.fileId}>
                  <PaperClipOutlined aria-hidden />
                  <Button type="link" size="small" onClick={() => void downloadByFileId(f.fileId, f.fileName)}>
                    {f.fileName}
                  </Button>
                  {disabled ? null : (
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除附件 ${f.fileName}`}
                      onClick={() => onChange?.(files.filter((x) => x.fileId !== f.fileId))}
                    />
                  )}
                </li>
              ))}
            </ul>
            {disabled ? null : (
              <Upload
                showUploadList={false}
                beforeUpload={(file) => {
                  void upload(type, file);
                  return false;
                }}
              >
                <Button size="small" icon={<UploadOutlined />} loading={uploading === type} aria-label={`上传${label}`}>
                  上传
                </Button>
              </Upload>
            )}
          </div>
        );
      })}
    </div>
  );
}
