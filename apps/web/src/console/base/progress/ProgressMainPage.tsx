import { Card, Tabs } from 'antd';
import { holdsPermission, useConsoleStore } from '../../../api/consoleStore';
import { PROGRESS_PERMISSIONS as P } from '@dandelion/shared/base/progress';
import { DefinitionList } from './DefinitionList';
import { InstanceList } from './InstanceList';

/** /base/progress/progressMain: process definitions, and (with base:progress:instance) their instances. */
export default function ProgressMainPage() {
  const authList = useConsoleStore((s) => s.authList);
  const items = [
    { key: 'definitions', label: '流程定义', children: <DefinitionList /> },
    ...(holdsPermission(authList, P.instance) ? [{ key: 'instances', label: '流程实例', children: <InstanceList /> }] : []),
  ];
  return (
    <Card>
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}
