import { useState } from 'react';
import { App, Avatar, Upload, type UploadProps } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import ImgCrop from 'antd-img-crop';
import { errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { avatarSrc, uploadAvatar } from '../api';
import {
  AVATAR_SOURCE_MAX_BYTES,
  AVATAR_SOURCE_TOO_LARGE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  AvatarImageError,
  isAvatarType,
  toAvatarDataUrl,
} from '../avatarImage';

interface AvatarUploadProps {
  avatar: string | null | undefined;
  /** Called with the new address once the server stored the picture. */
  onUploaded(avatar: string): void;
}

/** The avatar with 更换头像: pick a picture, crop it square (zoom, rotate), and it is stored at once. */
export function AvatarUpload({ avatar, onUploaded }: AvatarUploadProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const send = async (file: Blob) => {
    setUploading(true);
    try {
      const { avatar: stored } = await uploadAvatar(await toAvatarDataUrl(file));
      onUploaded(stored);
      message.success('头像已更新');
    } catch (error) {
      message.error(error instanceof AvatarImageError ? error.message : errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  // Checked before the cropper opens, so a wrong file never gets as far as the dialog.
  const beforeCrop: UploadProps['beforeUpload'] = (file) => {
    if (!isAvatarType(file.type)) {
      message.error(AVATAR_TYPE_MESSAGE);
      return false;
    }
    if (file.size > AVATAR_SOURCE_MAX_BYTES) {
      message.error(AVATAR_SOURCE_TOO_LARGE_MESSAGE);
      return false;
    }
    return true;
  };

  // Receives the cropped file; the request is ours (a JSON data URL), so antd's own upload never runs.
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    // A file refused above comes here uncropped: it was already reported.
    if (isAvatarType(file.type) && file.size <= AVATAR_SOURCE_MAX_BYTES) void send(file);
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="dl-account-avatar">
      <Avatar size={96} src={avatarSrc(avatar)} icon={<UserOutlined />} alt="头像" data-testid="center-avatar" />
      <ImgCrop
        aspect={1}
        rotationSlider
        showReset
        resetText="重置"
        quality={0.9}
        modalTitle="裁剪头像"
        modalOk="确定"
        modalCancel="取消"
        beforeCrop={beforeCrop}
      >
        <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} beforeUpload={beforeUpload} disabled={uploading}>
          <BusyButton icon={<CameraOutlined />} busy={uploading} data-testid="center-avatar-change">
            {uploading ? '上传中' : '更换头像'}
          </BusyButton>
        </Upload>
      </ImgCrop>
      <span className="dl-account-avatar__hint">支持 PNG、JPEG、WebP</span>
    </div>
  );
}
