# The gateway on its embedded sandboxes by default; set LEGACY_URL / COMMERCE_URL to use real backends.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
ENV HOST=0.0.0.0 PORT=4000 NODE_ENV=production
EXPOSE 4000 4101 4102
USER node
CMD ["npx", "tsx", "src/main.ts"]
