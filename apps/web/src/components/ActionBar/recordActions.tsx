/**
 * The row actions every administration list repeats: 启用/停用 and 删除 with a confirmation. Each
 * shows the same success message the server answers with and refreshes the list afterwards.
 */
import { App } from 'antd';
import type { ActionButton } from './ActionBar';

export interface ToggleStatusOptions {
  status: string;
  permission?: string | readonly string[];
  /** Sends the new status (NORMAL or DISABLED). */
  change: (next: 'NORMAL' | 'DISABLED') => Promise<unknown>;
  /** Runs after a success, usually the table's refresh. */
  after?: () => unknown;
  overflow?: boolean;
}

export interface DeleteOptions {
  /** The record's kind and name for the question: 确定删除岗位「财务经理」吗？ */
  entity: string;
  name: string;
  permission?: string | readonly string[];
  /** Why a delete may be refused, shown under the question. */
  description?: string;
  remove: () => Promise<unknown>;
  after?: () => unknown;
  overflow?: boolean;
}

export function useRecordActions() {
  const { message } = App.useApp();
  return {
    toggleStatus({ status, permission, change, after, overflow = true }: ToggleStatusOptions): ActionButton {
      const enabled = status === 'NORMAL';
      return {
        key: 'enable',
        label: enabled ? '停用' : '启用',
        permission,
        overflow,
        onClick: async () => {
          await change(enabled ? 'DISABLED' : 'NORMAL');
          message.success(enabled ? '已停用' : '已启用');
          await after?.();
        },
      };
    },
    remove({ entity, name, permission, description, remove, after, overflow = true }: DeleteOptions): ActionButton {
      return {
        key: 'del',
        label: '删除',
        permission,
        danger: true,
        overflow,
        confirm: { title: `确定删除${entity}「${name}」吗？`, description },
        onClick: async () => {
          await remove();
          message.success('删除成功');
          await after?.();
        },
      };
    },
  };
}
