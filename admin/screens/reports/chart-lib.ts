// The chart library of the report screens: Apache ECharts' core with only the charts, components
// and renderer they use (tree-shaken). Imported dynamically by report-chart.tsx, so it is its own
// chunk, loaded on report screens only.
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, FunnelChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
