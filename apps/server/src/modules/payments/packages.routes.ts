import {
  dataOf,
  errorBodySchema,
  idParamSchema,
  listOf,
  tokenPackageInputSchema,
  tokenPackageSchema,
  tokenPackageUpdateSchema,
} from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PackageRow } from './packages.repository';
import type { PackagesService } from './packages.service';
import { toTokenPackageDto } from './payments.presenter';

const errors = { '4xx': errorBodySchema };
const adminOnly = { security: [{ bearer: [] }], tags: ['admin', 'token packages'] };
const list = (rows: PackageRow[]) => ({ data: { items: rows.map(toTokenPackageDto), count: rows.length } });

export function registerPackageRoutes(app: FastifyInstance, { packages }: { packages: PackagesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/token-package',
    {
      schema: {
        tags: ['token packages'],
        summary: 'Packages on sale, in display order',
        response: { 200: dataOf(listOf(tokenPackageSchema)) },
      },
    },
    async () => list(await packages.listActive()),
  );

  // Guards run at onRequest, so a caller without the right is refused before any input is read.
  api.get(
    '/admin/token-packages',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...adminOnly,
        summary: 'Every package, retired ones too',
        response: { 200: dataOf(listOf(tokenPackageSchema)), ...errors },
      },
    },
    async () => list(await packages.listAll()),
  );

  api.post(
    '/admin/token-packages',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...adminOnly,
        summary: 'Add a package',
        body: tokenPackageInputSchema,
        response: { 201: dataOf(tokenPackageSchema), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: toTokenPackageDto(await packages.create(request.body)) }),
  );

  api.put(
    '/admin/token-packages/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...adminOnly,
        summary: 'Change a package (payments already made keep what they paid)',
        params: idParamSchema,
        body: tokenPackageUpdateSchema,
        response: { 200: dataOf(tokenPackageSchema), ...errors },
      },
    },
    async (request) => ({ data: toTokenPackageDto(await packages.update(request.params.id, request.body)) }),
  );

  api.delete(
    '/admin/token-packages/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...adminOnly,
        summary: 'Retire a package (it stays on past payments)',
        params: idParamSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await packages.retire(request.params.id);
      return reply.status(204).send();
    },
  );
}
