// getDashboard (issue 35): a thin adapter over engine/services/dashboard.
import { getDashboard } from '../../engine/services/dashboard';
import type { GqlContext } from '../context';

export const dashboardResolvers = {
  Query: {
    async getDashboard(_: unknown, _a: unknown, ctx: GqlContext) {
      return getDashboard(ctx);
    },
  },
};
