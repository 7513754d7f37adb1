# The backend services, one image per service:
#   docker build -f infra/docker/node.Dockerfile --build-arg SERVICE=api .
# SERVICE is api, projector or mailer.
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/ledger/package.json packages/ledger/
COPY packages/eventstore/package.json packages/eventstore/
COPY packages/read-models/package.json packages/read-models/
COPY packages/process-kit/package.json packages/process-kit/
COPY services/api/package.json services/api/
COPY services/projector/package.json services/projector/
COPY services/mailer/package.json services/mailer/
COPY frontend/package.json frontend/
COPY infra/package.json infra/
COPY bench/package.json bench/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages packages
COPY services services
ARG SERVICE
RUN npx tsc -b packages/contracts packages/ledger packages/eventstore packages/read-models packages/process-kit services/${SERVICE}

FROM manifests AS production-dependencies
ARG SERVICE
RUN npm ci --omit=dev --workspace services/${SERVICE} --no-audit --no-fund

FROM node:20-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE}
WORKDIR /app
COPY --from=production-dependencies /app ./
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/ledger/dist packages/ledger/dist
COPY --from=build /app/packages/eventstore/dist packages/eventstore/dist
COPY --from=build /app/packages/read-models/dist packages/read-models/dist
COPY --from=build /app/packages/process-kit/dist packages/process-kit/dist
COPY --from=build /app/services/${SERVICE}/dist services/${SERVICE}/dist
USER node
CMD ["sh", "-c", "exec node services/${SERVICE}/dist/main.js"]
