import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { IP_KIND_LABELS, ipEntry, paperEntry } from '@dandelion/shared/award/declarationContent';
import { isPatentNumber, PATENT_NUMBER_MESSAGE } from '@dandelion/shared';
import { rulesOf } from '../../../../components/form/zodRules';
import { optionsOf } from '../../../../lib/options';
import { isoDateProps, IsoDatePicker } from './dateField';
import { OrderedList } from './OrderedList';

/** The entry's own fields; the patent rule, which looks at the kind too, is the number's extra rule. */
const ipRules = rulesOf(ipEntry);
const paperRules = rulesOf(paperEntry);

/** 知识产权与标准: kind, name, number (a patent's number follows the spec's rule), country, date, holders. */
export function IpFields({ disabled }: { disabled: boolean }) {
  return (
    <OrderedList
      name="items"
      rankLabel={(rank) => `第${rank}项`}
      addText="添加知识产权或标准"
      emptyText="还没有知识产权或标准"
      disabled={disabled}
      renderFields={(index) => (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name={[index, 'kind']} label="类别" rules={ipRules.kind}>
              <Select allowClear placeholder="请选择类别" options={optionsOf(IP_KIND_LABELS)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name={[index, 'name']} label="名称" rules={ipRules.name}>
              <Input placeholder="专利、标准或软件著作权的名称" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={[index, 'number']}
              label="编号"
              dependencies={[['items', index, 'kind']]}
              rules={[
                ...ipRules.number,
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: unknown) => {
                    const kind = getFieldValue(['items', index, 'kind']) as string | undefined;
                    if (kind === 'PATENT' && typeof value === 'string' && value.trim() && !isPatentNumber(value.trim())) throw new Error(PATENT_NUMBER_MESSAGE);
                  },
                }),
              ]}
            >
              <Input placeholder="如 ZL201910000000.1" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={[index, 'country']} label="国家（地区）" rules={ipRules.country}>
              <Input placeholder="如 中国" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={[index, 'grantDate']} label="授权日期" rules={ipRules.grantDate} {...isoDateProps}>
              <IsoDatePicker placeholder="请选择日期" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name={[index, 'holders']} label="权利人" rules={ipRules.holders}>
              <Input placeholder="请输入权利人" />
            </Form.Item>
          </Col>
        </Row>
      )}
    />
  );
}

/** 代表性论文. */
export function PaperFields({ disabled }: { disabled: boolean }) {
  return (
    <OrderedList
      name="papers"
      rankLabel={(rank) => `论文${rank}`}
      addText="添加论文"
      emptyText="还没有代表性论文"
      disabled={disabled}
      renderFields={(index) => (
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name={[index, 'title']} label="论文题目" rules={paperRules.title}>
              <Input placeholder="请输入论文题目" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={[index, 'journal']} label="刊物名称" rules={paperRules.journal}>
              <Input placeholder="请输入刊物名称" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name={[index, 'year']} label="发表年份" rules={paperRules.year}>
              <InputNumber style={{ width: '100%' }} precision={0} placeholder="如 2024" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name={[index, 'citations']} label="他引次数" rules={paperRules.citations}>
              <InputNumber style={{ width: '100%' }} precision={0} min={0} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name={[index, 'authors']} label="作者" rules={paperRules.authors}>
              <Input placeholder="全部作者，按署名顺序" />
            </Form.Item>
          </Col>
        </Row>
      )}
    />
  );
}
