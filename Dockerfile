# The gateway in front of LEGACY_URL / COMMERCE_URL. NODE_ENV=production refuses to start without
# them, unless SANDBOX=true asks for the embedded demo sandboxes (`docker run -e SANDBOX=true …`).
# Two stages: TypeScript is compiled once in `build`; the runtime image has production dependencies
# and dist/ only (no compiler, no tsx, no sources) and runs `node dist/main.js` as a non-root user.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

FROM node:22-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The persisted documents manifest (PERSISTED_ONLY; PERSISTED_DOCUMENTS may name another file).
COPY documents/gql/persisted-documents.json ./documents/gql/
ENV HOST=0.0.0.0 PORT=4000
# Embedded sandboxes listen on the container's loopback (SANDBOX_HOST) since they accept demo keys:
# only the gateway is published.
EXPOSE 4000
USER node
# Slim images have no curl: ask the gateway's /health with node's own fetch. Loopback Host names are
# always served, whatever ALLOWED_HOSTS says.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node as PID 1 gets SIGTERM from `docker stop`; main.ts closes the gateway and sandboxes on it.
CMD ["node", "dist/main.js"]
