import { Button, Form, Input, InputNumber } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { economicSection, economicYear } from '@dandelion/shared/award/declarationContent';
import { rulesOf, zodListRule } from '../../../../components/form/zodRules';

const yearRules = rulesOf(economicYear);
const sectionRules = rulesOf(economicSection);

export const ECONOMIC_COLUMNS = [
  { key: 'sales', label: '新增销售额' },
  { key: 'profit', label: '新增利润' },
  { key: 'tax', label: '新增税收' },
  { key: 'foreignExchange', label: '创收外汇' },
  { key: 'savings', label: '节支总额' },
] as const;

/** 经济效益: a row per year, amounts in 万元, and the basis of the calculation. */
export function EconomicFields({ disabled }: { disabled: boolean }) {
  return (
    <>
      <Form.List name="years" rules={[zodListRule(economicSection.shape.years)]}>
        {(fields, { add, remove }, { errors }) => (
          <div className="dl-economic">
            <table className="dl-economic__table">
              <caption>单位：万元</caption>
              <thead>
                <tr>
                  <th scope="col">年份</th>
                  {ECONOMIC_COLUMNS.map((c) => (
                    <th key={c.key} scope="col">
                      {c.label}
                    </th>
                  ))}
                  {disabled ? null : <th scope="col">操作</th>}
                </tr>
              </thead>
              <tbody>
                {fields.length === 0 ? (
                  <tr>
                    <td colSpan={ECONOMIC_COLUMNS.length + 2} className="dl-economic__empty">
                      还没有填写经济效益
                    </td>
                  </tr>
                ) : null}
                {fields.map((field, index) => (
                  <tr key={field.key}>
                    <td>
                      <Form.Item name={[field.name, 'year']} rules={yearRules.year} className="dl-economic__cell">
                        <InputNumber precision={0} placeholder="年份" aria-label={`第${index + 1}行 年份`} style={{ width: '100%' }} />
                      </Form.Item>
                    </td>
                    {ECONOMIC_COLUMNS.map((c) => (
                      <td key={c.key}>
                        <Form.Item name={[field.name, c.key]} rules={yearRules[c.key]} className="dl-economic__cell">
                          <InputNumber min={0} precision={2} aria-label={`第${index + 1}行 ${c.label}`} style={{ width: '100%' }} />
                        </Form.Item>
                      </td>
                    ))}
                    {disabled ? null : (
                      <td>
                        <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(index)} aria-label={`删除第${index + 1}行`} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            <Form.ErrorList errors={errors} />
            {disabled ? null : (
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ year: new Date().getFullYear() - 1 - fields.length })}>
                添加年份
              </Button>
            )}
          </div>
        )}
      </Form.List>
      <Form.Item name="basis" label="计算依据" rules={sectionRules.basis}>
        <Input.TextArea rows={4} placeholder="请说明各项经济效益的计算方法与依据" />
      </Form.Item>
    </>
  );
}
