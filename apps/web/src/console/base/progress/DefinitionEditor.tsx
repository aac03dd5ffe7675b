import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, Drawer, Form, Input, Row, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { definitionBody, PROCESS_DEF_STATUS_LABELS, validateDefinition, zProcessCode, type ProcessDefinition } from '@dandelion/shared/base/progress';
import { errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { rulesOf, zodRule } from '../../../components/form';
import { holdsPermission, useConsoleStore } from '../../../api/consoleStore';
import { addDef, fetchDef, fetchRoleOptions, updateDef, type DefDetail } from './api';
import { addStage, addTransition, blankDefinition, changeStage, changeTransition, moveStage, removeStage, removeTransition } from './definitionEdits';
import { ProcessDiagram } from './ProcessDiagram';
import { StageTable } from './StageTable';
import { TransitionTable } from './TransitionTable';

/** What the editor opens: a new process, a draft to change, or any version to look at. */
export type EditorTarget = { mode: 'add' } | { mode: 'edit' | 'view'; defId: string };

interface HeaderValues {
  processCode: string;
  processName: string;
  remark?: string | null;
}

/** The same rules and messages the server applies (packages/shared/src/base/progress.ts). */
const rules = { ...rulesOf(definitionBody), processCode: [zodRule(zProcessCode)] };

export const STATUS_COLORS: Record<string, string> = { DRAFT: 'processing', ACTIVE: 'success', RETIRED: 'default' };

/**
 * Builds a definition: the header (code, name, remark), the stages and transitions as tables, and a
 * diagram and the list of problems that follow every keystroke. A draft may be saved unfinished;
 * 发布 on the list checks it on the server with the same rules.
 */
export function DefinitionEditor({ target, onClose, onSaved }: { target: EditorTarget | null; onClose: () => void; onSaved: (saved: DefDetail) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<HeaderValues>();
  const defId = target && target.mode !== 'add' ? target.defId : null;
  const readOnly = target?.mode === 'view';
  // The editor works on one snapshot: a refetch under the user's hands would wipe their edits, and
  // keeping it after closing would bring back a stale lockVersion next time.
  const loaded = useQuery({
    queryKey: ['progress-def', defId],
    queryFn: ({ signal }) => fetchDef(defId!, signal),
    enabled: !!defId,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const canListRoles = holdsPermission(useConsoleStore((s) => s.authList), 'system:role:list');
  const roles = useQuery({ queryKey: ['progress-role-options'], queryFn: ({ signal }) => fetchRoleOptions(signal), enabled: !!target && canListRoles && !readOnly, staleTime: 60_000 });
  const roleOptions = useMemo(() => (roles.data ?? []).map((r) => ({ value: r.roleCode, label: `${r.roleName}（${r.roleCode}）` })), [roles.data]);
  const [definition, setDefinition] = useState<ProcessDefinition>(blankDefinition);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = useMemo(() => validateDefinition(definition), [definition]);

  // A new target starts clean: no old error, and a blank definition for a new process.
  const [openedFor, setOpenedFor] = useState<EditorTarget | null>(null);
  if (target !== openedFor) {
    setOpenedFor(target);
    if (target) setError(null);
    if (target?.mode === 'add') setDefinition(blankDefinition());
  }
  useEffect(() => {
    if (target?.mode === 'add') form.resetFields();
  }, [target, form]);
  // Filled once per loaded version, never again while the user edits it.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    const data = loaded.data;
    if (!data || filledFor.current === `${data.defId}:${data.lockVersion}`) return;
    filledFor.current = `${data.defId}:${data.lockVersion}`;
    form.setFieldsValue({ processCode: data.processCode, processName: data.processName, remark: data.remark });
    setDefinition(data.definition);
  }, [loaded.data, form]);

  const save = async () => {
    const header = await form.validateFields().catch(() => null);
    if (!header) return;
    setSaving(true);
    setError(null);
    try {
      const values = { processName: header.processName.trim(), remark: header.remark?.trim() || null, definition };
      const saved = loaded.data ? await updateDef(loaded.data.defId, loaded.data.lockVersion, values) : await addDef({ ...values, processCode: header.processCode.trim() });
      message.success(saved.problems.length ? '已保存草稿，发布前请解决列出的问题' : '保存成功');
      onSaved(saved);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const title = !target ? '' : target.mode === 'add' ? '新增流程' : loaded.data ? `${readOnly ? '查看' : '修改'}流程：${loaded.data.processName} v${loaded.data.version}` : '流程';
  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      destroyOnHidden
      size="min(1240px, 96vw)"
      title={title}
      extra={loaded.data && <Tag color={STATUS_COLORS[loaded.data.status]}>{PROCESS_DEF_STATUS_LABELS[loaded.data.status]}</Tag>}
      footer={
        <Space>
          {!readOnly && (
            <BusyButton type="primary" busy={saving} disabled={!!defId && !loaded.data} onClick={() => void save()}>
              保存
            </BusyButton>
          )}
          <Button onClick={onClose}>{readOnly ? '关闭' : '取消'}</Button>
        </Space>
      }
    >
      {loaded.error && <Alert type="error" showIcon title={`流程加载失败：${errorMessage(loaded.error)}`} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Spin spinning={!!defId && loaded.isPending}>
        <Form form={form} name="progressDefinition" layout="vertical" disabled={readOnly} initialValues={{ processCode: '', processName: '', remark: '' }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="processCode"
                label="流程编码"
                extra={target?.mode === 'add' ? '业务模块按编码发起流程，保存后不能修改' : undefined}
                rules={rules.processCode}
              >
                <Input disabled={target?.mode !== 'add'} placeholder="如 DECLARATION_REVIEW" maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="processName" label="流程名称" rules={rules.processName}>
                <Input placeholder="如 申报审核" maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="remark" label="备注" rules={rules.remark}>
                <Input placeholder="用途、适用范围" maxLength={512} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Card size="small" title="流程图预览" style={{ marginBottom: 16 }}>
          <ProcessDiagram definition={definition} title="流程图预览" />
        </Card>
        {!readOnly &&
          (problems.length ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`发布前还需解决 ${problems.length} 个问题（草稿可以先保存）`}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label="待解决的问题">
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              }
            />
          ) : (
            <Alert type="success" showIcon style={{ marginBottom: 16 }} title="校验通过，保存后可以发布" />
          ))}
        <Typography.Title level={5}>阶段</Typography.Title>
        <StageTable
          stages={definition.stages}
          readOnly={readOnly}
          onChange={(i, patch) => setDefinition((d) => changeStage(d, i, patch))}
          onAdd={() => setDefinition(addStage)}
          onRemove={(i) => setDefinition((d) => removeStage(d, i))}
          onMove={(i, by) => setDefinition((d) => moveStage(d, i, by))}
        />
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          动作（流转）
        </Typography.Title>
        <TransitionTable
          transitions={definition.transitions}
          stages={definition.stages}
          roleOptions={roleOptions}
          readOnly={readOnly}
          onChange={(i, patch) => setDefinition((d) => changeTransition(d, i, patch))}
          onAdd={() => setDefinition(addTransition)}
          onRemove={(i) => setDefinition((d) => removeTransition(d, i))}
        />
      </Spin>
    </Drawer>
  );
}
