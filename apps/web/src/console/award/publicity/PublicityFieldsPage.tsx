import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Checkbox, Table } from 'antd';
import { PRIZE_KIND_LABELS, type PrizeKind } from '@dandelion/shared/award/prize';
import { PUBLICITY_FIELD_LABELS, PUBLICITY_PERMISSIONS as P, type PublicityField } from '@dandelion/shared/award/publicity';
import { useHasPermission } from '../../../api/consoleStore';
import { ActionBar } from '../../../components/ActionBar';
import { optionsOf } from '../../../lib/options';
import { publicityApi, type FieldSetting } from './api';

const FIELD_OPTIONS = optionsOf(PUBLICITY_FIELD_LABELS);
const KEY = ['award-publicity-fields'];

/**
 * /award/publicity/publicityFields: which fields each prize kind's publicities show besides the title
 * and the registration number. Takes effect for publicities saved or opened afterwards.
 */
export default function PublicityFieldsPage() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: ({ signal }) => publicityApi.fieldSettings(signal) });
  const [edits, setEdits] = useState<Partial<Record<PrizeKind, PublicityField[]>>>({});
  const mayEdit = useHasPermission(P.setting);

  const save = async (row: FieldSetting) => {
    try {
      await publicityApi.saveFieldSetting({ prizeKind: row.prizeKind, fields: edits[row.prizeKind] ?? row.fields, lockVersion: row.lockVersion });
      setEdits(({ [row.prizeKind]: _saved, ...rest }) => rest);
    } finally {
      await queryClient.invalidateQueries({ queryKey: KEY });
    }
  };

  return (
    <Card>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="项目名称和登记号总是公示；涉密、内部申报书一律不公示。拟授奖等级只在结果公示中显示。修改后对此后保存或开始的公示生效。"
      />
      <Table<FieldSetting>
        rowKey="prizeKind"
        loading={settings.isLoading}
        dataSource={settings.data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { key: 'prizeKind', title: '奖种类别', dataIndex: 'prizeKind', width: 140, render: (k: PrizeKind) => PRIZE_KIND_LABELS[k] },
          {
            key: 'fields', title: '公示字段',
            render: (_: unknown, row) => (
              <Checkbox.Group
                options={FIELD_OPTIONS}
                value={edits[row.prizeKind] ?? row.fields}
                disabled={!mayEdit}
                onChange={(values) => setEdits((now) => ({ ...now, [row.prizeKind]: values as PublicityField[] }))}
              />
            ),
          },
          { key: 'state', title: '来源', width: 90, render: (_: unknown, row) => (row.lockVersion === 0 ? '默认' : '已设置') },
          {
            key: 'action', title: '操作', width: 100, fixed: 'right',
            render: (_: unknown, row) => <ActionBar variant="row" actions={[{ key: 'save', label: '保存', permission: P.setting, disabled: !edits[row.prizeKind], onClick: () => save(row) }]} />,
          },
        ]}
      />
    </Card>
  );
}
