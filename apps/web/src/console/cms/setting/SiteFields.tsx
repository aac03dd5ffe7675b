import { Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { AGREEMENT_MAX, siteCalls, SITE_STATUS_LABELS } from '@dandelion/shared/cms/site';
import { rulesOf } from '../../../components/form';
import { optionsOf } from '../../../lib/options';
import { ImageField } from './ImageField';

/** The server's rules and messages (the update's: the status is required there). */
const rules = rulesOf(siteCalls.update.body);

const text = (name: keyof typeof rules, label: string, placeholder?: string, extra?: string) => (
  <Col xs={24} md={12}>
    <Form.Item name={name} label={label} rules={rules[name]} extra={extra}>
      <Input placeholder={placeholder} />
    </Form.Item>
  </Col>
);

/**
 * The site form: the site itself, what its portal footer shows (a blank line is not shown), and the
 * 用户协议 and 隐私政策 a registering user must accept.
 */
export function SiteFields({ logoUrl }: { logoUrl: string | null | undefined }) {
  return (
    <>
      <Row gutter={16}>
        {text('siteCode', '站点编码', '如 dandelion')}
        {text('siteName', '站点名称')}
        {text('displayName', '显示名称', '门户标题栏显示的名称')}
        <Col xs={24} md={12}>
          <Form.Item name="siteStatus" label="状态" rules={rules.siteStatus}>
            <Select options={optionsOf(SITE_STATUS_LABELS)} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="logoFileId" label="站点标志" extra="站点在线时标志公开显示在门户页头" rules={rules.logoFileId}>
            <ImageField initialUrl={logoUrl} />
          </Form.Item>
        </Col>
        {text('domain', '域名', '如 www.example.cn')}
        <Col xs={24} md={12}>
          <Form.Item name="sort" label="排序" rules={rules.sort}>
            <InputNumber style={{ width: '100%' }} precision={0} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label="站点描述" rules={rules.description}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">门户页脚（未填写的项不显示）</Divider>
      <Row gutter={16}>
        {text('organizer', '主办单位', '如 某某省科学技术厅')}
        {text('contactAddress', '联系地址')}
        {text('contactPhone', '联系电话')}
        {text('contactEmail', '联系邮箱')}
        {text('icp', 'ICP 备案号', '如 京ICP备12345678号', '页脚中链接到工业和信息化部备案系统')}
        {text('policeRecord', '公安备案号', '如 京公网安备 11010802000001号')}
        {text('siteIdentCode', '网站标识码', '政府网站标识码，如 1100000001')}
        {text('copyright', '版权信息', '留空时显示 © 年份 站点名称')}
      </Row>
      <Divider titlePlacement="start">注册须知</Divider>
      <Form.Item name="userAgreement" label="用户协议" rules={rules.userAgreement} extra="注册页“我已阅读并同意”中打开的全文；每行一段">
        <Input.TextArea rows={5} maxLength={AGREEMENT_MAX} />
      </Form.Item>
      <Form.Item name="privacyPolicy" label="隐私政策" rules={rules.privacyPolicy}>
        <Input.TextArea rows={5} maxLength={AGREEMENT_MAX} />
      </Form.Item>
    </>
  );
}
