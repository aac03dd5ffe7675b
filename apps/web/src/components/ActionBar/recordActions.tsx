/**
 * The row actions every administration list repeats: 启用/停用 and 删除 with a confirmation. Each
 * shows the same success message the server answers with and refreshes the list afterwards.
 */
import type { Key } from 'react';
import { App } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { RecordStatus } from '@dandelion/shared';
import { ApiError } from '../../api/http';
import type { ActionButton } from './ActionBar';

export interface ToggleStatusOptions {
  status: string;
  permission?: string | readonly string[];
  /** Sends the new status (NORMAL or DISABLED). */
  change: (next: RecordStatus) => Promise<unknown>;
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

export interface RemoveSelectedOptions {
  /** The keys of the rows ticked in the table. */
  selected: readonly Key[];
  /** Count word and noun for the question and the message: 个资源 → 确定删除选中的 3 个资源吗？ / 已删除 3 个资源. */
  unit: string;
  permission?: string | readonly string[];
  description?: string;
  /** Deletes the rows; the server answers how many went (all or none). */
  remove: (ids: string[]) => Promise<{ deleted: number }>;
  /** Runs after a success with the deleted keys: clear the selection and refresh. */
  after: (ids: string[]) => unknown;
}

/**
 * Runs the row's change; a success is announced and followed by `after`. A refusal because the row
 * is out of date (409: changed by someone else; 404: already gone) also runs `after`, so the list
 * shows the record as it is now and a second try carries its current lockVersion. The refusal
 * itself has been shown by the request layer and still rejects, for the bar.
 */
async function settle(action: () => Promise<unknown>, announce: () => void, after: (() => unknown) | undefined): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) await after?.();
    throw error;
  }
  announce();
  await after?.();
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
        onClick: () => settle(() => change(enabled ? 'DISABLED' : 'NORMAL'), () => message.success(enabled ? '已停用' : '已启用'), after),
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
        onClick: () => settle(remove, () => message.success('删除成功'), after),
      };
    },
    /** The toolbar's 批量删除 over the ticked rows, disabled while none is ticked. */
    removeSelected({ selected, unit, permission, description, remove, after }: RemoveSelectedOptions): ActionButton {
      const count = selected.length;
      return {
        key: 'batchDel',
        label: count ? `批量删除（${count}）` : '批量删除',
        permission,
        icon: <DeleteOutlined />,
        danger: true,
        disabled: count === 0,
        confirm: { title: `确定删除选中的 ${count} ${unit}吗？`, description },
        onClick: async () => {
          const ids = selected.map(String);
          const { deleted } = await remove(ids);
          message.success(`已删除 ${deleted} ${unit}`);
          await after(ids);
        },
      };
    },
  };
}
