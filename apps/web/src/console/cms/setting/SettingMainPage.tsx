import { Card, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { BannerTab } from './BannerTab';
import { CatalogTab } from './CatalogTab';
import { SiteTab } from './SiteTab';
import { TemplateTab } from './TemplateTab';

/** /cms/setting/settingMain (spec §2): the portal's sites, catalogue trees, carousel pictures and templates. */
export default function SettingMainPage() {
  const queryClient = useQueryClient();
  // The catalogue and banner tabs pick from the sites and templates: refresh those lists after a change here.
  const sitesChanged = () => void queryClient.invalidateQueries({ queryKey: ['cms-setting', 'sites'] });
  const templatesChanged = () => void queryClient.invalidateQueries({ queryKey: ['cms-setting', 'templates'] });
  return (
    <Card>
      <Tabs
        items={[
          { key: 'site', label: '站点', children: <SiteTab onChanged={sitesChanged} /> },
          { key: 'catalog', label: '栏目', children: <CatalogTab /> },
          { key: 'banner', label: '轮播图', children: <BannerTab /> },
          { key: 'template', label: '模板', children: <TemplateTab onChanged={templatesChanged} /> },
        ]}
      />
    </Card>
  );
}
