import { packageRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { adminActor } from '../../platform/audit';
import { mountRoute } from '../../platform/routes';
import type { PackageRow } from './packages.repository';
import type { PackagesService } from './packages.service';
import { toTokenPackageDto } from './payments.presenter';

const list = (rows: PackageRow[]) => ({ items: rows.map(toTokenPackageDto), count: rows.length });

/** The shop's packages and the administrators' catalogue. */
export function registerPackageRoutes(app: FastifyInstance, { packages }: { packages: PackagesService }) {
  mountRoute(app, routes.onSale, async () => list(await packages.listActive()));

  mountRoute(app, routes.all, async () => list(await packages.listAll()));

  mountRoute(app, routes.create, async (request) => toTokenPackageDto(await packages.create(adminActor(request), request.body)));

  mountRoute(app, routes.update, async (request) =>
    toTokenPackageDto(await packages.update(adminActor(request), request.params.id, request.body)),
  );

  mountRoute(app, routes.retire, async (request) => {
    await packages.retire(adminActor(request), request.params.id);
    return null;
  });
}
