import { Card, Tabs } from 'antd';
import { RegionGroupTab } from './RegionGroupTab';
import { RegionTreeTab } from './RegionTreeTab';

/** /base/region/regionList: the region tree (lazily loaded, searchable) and the region groups. */
export default function RegionListPage() {
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'regions', label: '行政区划', children: <RegionTreeTab /> },
          { key: 'groups', label: '区划分组', children: <RegionGroupTab /> },
        ]}
      />
    </Card>
  );
}
