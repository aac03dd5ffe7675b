import { useCallback, useRef, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { DeclarationContent } from '@dandelion/shared/award/declarationContent';
import type { DeclarationSection } from '@dandelion/shared/award/prize';
import { ApiError, errorMessage } from '../../../api/http';
import { declareApi, declareKeys, type Declaration, type SectionSaveInput } from '../api';
import { namePathOf } from './fieldPath';
import { contentOf } from './sections/SectionFields';

/**
 * The form's saving state: the lockVersion it holds, the content as last saved, whether the open
 * section has unsaved typing. A stale save (409) is told in a dialog with the server's message and
 * 重新加载; what was typed stays in the form either way.
 */
export function useSectionSave(declaration: Declaration) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [lockVersion, setLockVersion] = useState(declaration.lockVersion);
  const [saved, setSaved] = useState<DeclarationContent>(declaration.content);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<FormInstance | null>(null);
  const onForm = useCallback((form: FormInstance) => {
    formRef.current = form;
  }, []);
  const markDirty = useCallback(() => setDirty(true), []);

  /** Takes the server's latest version (another tab saved); the open section keeps what was typed. */
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ queryKey: declareKeys.detail(declaration.declarationId), queryFn: () => declareApi.detail(declaration.declarationId), staleTime: 0 });
    setLockVersion(fresh.lockVersion);
    setSaved(fresh.content);
    message.info('已载入最新版本；本栏仍保留您输入的内容，确认后请再次保存');
    return fresh;
  };

  const save = async (section: DeclarationSection): Promise<boolean> => {
    const form = formRef.current;
    if (!form) return true;
    let values: Record<string, unknown>;
    try {
      values = (await form.validateFields()) as Record<string, unknown>;
    } catch {
      message.error('本栏有填写不正确的内容，请按提示修改');
      return false;
    }
    const content = contentOf(section, values);
    setSaving(true);
    try {
      const answer = await declareApi.saveSection({ declarationId: declaration.declarationId, lockVersion, section, content } as SectionSaveInput);
      setLockVersion(answer.lockVersion);
      setSaved((prev) => ({ ...prev, [section]: content }) as DeclarationContent);
      setDirty(false);
      message.success('本栏已保存');
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        modal.confirm({
          title: '保存未成功',
          content: `${error.message} 您输入的内容仍保留在表单中，不会丢失。`,
          okText: '重新加载',
          cancelText: '继续编辑',
          onOk: () => reload(),
        });
      } else if (error instanceof ApiError && error.status === 400 && typeof error.attributes.field === 'string') {
        const name = namePathOf(error.attributes.field);
        if (name.length > 0) {
          form.setFields([{ name, errors: [error.message] }]);
          form.scrollToField(name, { block: 'center', focus: true });
        }
        message.error(error.message);
      } else {
        message.error(errorMessage(error));
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { lockVersion, setLockVersion, saved, dirty, setDirty, saving, save, reload, onForm, markDirty };
}
