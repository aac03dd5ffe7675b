import type { ActionButton } from '../../../components/ActionBar';
import { PROGRESS_PERMISSIONS as P } from '@dandelion/shared/base/progress';
import { deleteDef, newDefVersion, publishDef, type DefDetail, type DefSummary } from './api';
import type { EditorTarget } from './DefinitionEditor';

export interface VersionActionContext {
  open: (target: EditorTarget) => void;
  /** After a change: reload what shows the version. */
  changed: (message: string, detail?: DefDetail) => Promise<void> | void;
  /** False while the code already has a draft (新版本 would be refused). */
  mayCopy: boolean;
}

/**
 * The buttons of one version, the same in the list and in the versions drawer: a draft is changed,
 * published or deleted; a published version is looked at, copied into a new draft, or deleted
 * (the server refuses that once instances ran on it).
 */
export function versionActions(row: DefSummary, { open, changed, mayCopy }: VersionActionContext): ActionButton[] {
  const draft = row.status === 'DRAFT';
  const name = `「${row.processName}」v${row.version}`;
  return [
    { key: 'upd', label: '修改', permission: P.upd, hidden: !draft, onClick: () => open({ mode: 'edit', defId: row.defId }) },
    { key: 'view', label: '查看', hidden: draft, onClick: () => open({ mode: 'view', defId: row.defId }) },
    {
      key: 'publish', label: '发布', permission: P.publish, hidden: !draft,
      confirm: { title: `确定发布${name}吗？`, description: '发布后此版本生效，原生效版本停用；进行中的流程仍按原版本办理。', okText: '发布' },
      onClick: async () => changed('发布成功', await publishDef(row.defId, row.lockVersion)),
    },
    {
      key: 'copy', label: '新版本', permission: P.add, hidden: draft || !mayCopy,
      onClick: async () => {
        const copy = await newDefVersion(row.defId);
        await changed(`已创建 v${copy.version} 草稿`, copy);
        open({ mode: 'edit', defId: copy.defId });
      },
    },
    {
      key: 'del', label: '删除', permission: P.del, danger: true, overflow: true,
      confirm: { title: `确定删除${name}吗？`, description: draft ? '草稿删除后不能恢复。' : '已有流程实例的版本不能删除。', okText: '删除' },
      onClick: async () => {
        await deleteDef(row.defId, row.lockVersion);
        await changed('删除成功');
      },
    },
  ];
}
